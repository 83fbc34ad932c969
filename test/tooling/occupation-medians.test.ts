import { occupationMedians } from '../../bench/matching-dev';

// eval:dev's reference for the wage levels (docs/methodology.md §2a, "The wage level"): each filing's
// price had it been priced at the median offer of the OTHER filings under the same SOC label.
describe('occupationMedians (leave-one-out median offer per SOC label)', () => {
  it('leaves the filing itself out, so its own offer never prices it', () => {
    const rows = [
      { label: '29-1141', offer: 60_000 },
      { label: '29-1141', offer: 80_000 },
      { label: '29-1141', offer: 100_000 },
    ];
    expect(occupationMedians(rows)).toEqual([90_000, 80_000, 70_000]);
  });

  it('keeps labels apart and gives NaN to a label filed once', () => {
    const rows = [
      { label: '29-1229', offer: 250_000 },
      { label: '29-1123', offer: 90_000 },
      { label: '29-1229', offer: 300_000 },
    ];
    const out = occupationMedians(rows);
    expect(out[0]).toBe(300_000);
    expect(out[1]).toBeNaN();
    expect(out[2]).toBe(250_000);
  });

  it('removes one copy of a repeated offer, not all of them', () => {
    const rows = [
      { label: 'x', offer: 50 },
      { label: 'x', offer: 50 },
      { label: 'x', offer: 200 },
    ];
    expect(occupationMedians(rows)).toEqual([125, 125, 50]);
  });
});
