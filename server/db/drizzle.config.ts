// drizzle-kit: `npm run db:generate` writes a new SQL migration after a change to schema.ts.
// The same folder is applied, at start, to PGlite and to PostgreSQL.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
