import { describe, expect, it } from 'vitest';
import { correctedRoles } from './columns';

describe('correctedRoles: the buyer corrects the columns read from an estimate', () => {
  const read = ['line', 'part', 'name', 'qty', 'price', 'amount'] as const;

  it('sets the column the buyer picked and keeps the others', () => {
    expect(correctedRoles(read, 2, 'memo')).toEqual(['line', 'part', 'memo', 'qty', 'price', 'amount']);
  });

  it('moves a role a line has once: the column that had it becomes 기타', () => {
    // The first column was the quantity, not a line number: the old quantity column is let go.
    expect(correctedRoles(read, 0, 'qty')).toEqual(['qty', 'part', 'name', 'other', 'price', 'amount']);
    expect(correctedRoles(read, 2, 'part')).toEqual(['line', 'other', 'part', 'qty', 'price', 'amount']);
  });
});
