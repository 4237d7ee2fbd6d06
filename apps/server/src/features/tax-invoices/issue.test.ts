import { describe, expect, it } from 'vitest';
import { beingIssued } from './issue.js';

/** When staff's cancel must wait for a try of the issuing job (docs/requirements.md#tax-invoices). */
describe('beingIssued', () => {
  const claimedAt = new Date('2026-11-02T01:00:00.000Z');
  const at = (seconds: number) => new Date(claimedAt.getTime() + seconds * 1000);
  const claimed = { status: 'pending', draftedAt: claimedAt, updatedAt: claimedAt };

  it('a claim that is the row’s last write, younger than a try’s longest run: a try may be sending it', () => {
    expect(beingIssued(claimed, 240, at(0))).toBe(true);
    expect(beingIssued(claimed, 240, at(239))).toBe(true);
  });

  it('a claim as old as a try’s longest run is a try that died: the provider is asked instead', () => {
    expect(beingIssued(claimed, 240, at(240))).toBe(false);
  });

  it('a row written after its claim (an answer, a failure, a staff retry), or never claimed, is not being issued', () => {
    expect(beingIssued({ ...claimed, updatedAt: at(3) }, 240, at(5))).toBe(false);
    expect(beingIssued({ ...claimed, status: 'failed' }, 240, at(5))).toBe(false);
    expect(beingIssued({ ...claimed, draftedAt: null }, 240, at(5))).toBe(false);
  });
});
