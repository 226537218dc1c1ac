import { describe, expect, it } from 'vitest';
import { activityCsvRows, activityUsers, filterActivity } from '../../lib/domain/activity';
import { sampleActivity } from '../../lib/sample/workspace';

const entries = sampleActivity(new Date('2026-03-10T12:00:00Z'));
const day = (iso: string) => iso.slice(0, 10);

describe('activity log rules', () => {
  it('searches action, details or user name, case-insensitively', () => {
    expect(filterActivity(entries, { search: 'OUTREACH' }, day).map((e) => e.id)).toEqual(['act_s2']);
    expect(filterActivity(entries, { search: 'mikechentech' }, day).map((e) => e.id)).toEqual(['act_s2']);
    expect(filterActivity(entries, { search: 'jamie' }, day).map((e) => e.id)).toEqual(['act_s2']);
  });
  it('filters by date range, users and action types together', () => {
    expect(filterActivity(entries, { from: '2026-03-09', to: '2026-03-09' }, day).map((e) => e.id)).toEqual(['act_s3']);
    expect(filterActivity(entries, { users: ['tm_1'] }, day).map((e) => e.id)).toEqual(['act_s1', 'act_s4']);
    expect(filterActivity(entries, { users: ['tm_1'], types: ['notification'] }, day).map((e) => e.id)).toEqual(['act_s4']);
  });
  it('lists the people in the log and builds export rows', () => {
    expect(activityUsers(entries).map((u) => u.name)).toEqual(['Alex Morgan', 'Jamie Smith', 'System']);
    expect(activityCsvRows(entries.slice(0, 1), (iso) => iso)[0]).toEqual([entries[0].timestamp, 'Alex Morgan', 'Funnel status updated', 'Funnel', 'Sarah Johnson moved to Production', 'success']);
  });
});
