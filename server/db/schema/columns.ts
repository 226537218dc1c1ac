// Column helpers shared by the tables.
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp the server owns (sessions, invitations): timestamptz, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
