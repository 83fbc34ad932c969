import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexStaleReason, partVersions } from '../../../src/service/data/build';
import { partChecksum } from '../../../src/service/data/manifest';
import { INDEX_FORMAT_VERSION, type Manifest } from '../../../src/service/data/index-types';
import { IndexNotReadyError, loadIndex } from '../../../src/service/data/load';
import { WageIndex } from '../../../src/service/data/wage-index';
import { RAW_DIR } from '../engine/test-index';

/** A well-formed O*NET part with no occupations: the loader checks its shape like the other parts. */
const EMPTY_ONET_PART = {
  kind: 'onet',
  normalizerVersion: 0,
  release: 'test',
  occupations: { codes: [], titles: [], zones: [], family: [], employment: [], sectorEmployment: {} },
  families: { codes: [], names: [] },
  vocab: [],
  headCounts: [],
  titles: { occ: [], kind: [], sources: [], start: [0], words: [] },
  tasks: { start: [0], terms: [], counts: [], length: [] },
};

/** Start-up refuses a missing or stale index and names the command that fixes it. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jobprice-index-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A manifest for the parts now in `dir`, with their checksums as the build records them. */
const manifest = (over: Partial<Manifest>): Manifest => {
  const parts = { wages: 'wages.bin', geography: 'geography.json', onet: 'onet.json' };
  const checksums: Record<string, string> = {};
  for (const file of Object.values(parts)) {
    if (existsSync(join(dir, file))) checksums[file] = partChecksum(readFileSync(join(dir, file)));
  }
  return {
    formatVersion: INDEX_FORMAT_VERSION,
    partVersions: partVersions(),
    builtAt: '',
    buildMs: 0,
    sources: [],
    vintages: {},
    parts,
    checksums,
    ...over,
  };
};
const writeParts = (): void => {
  writeFileSync(
    join(dir, 'wages.bin'),
    WageIndex.fromPart({ primaryYear: 2025, national: {}, sector: [], areaTables: [] }).encode(),
  );
  writeFileSync(
    join(dir, 'geography.json'),
    JSON.stringify({
      areaDefinitions: 'test',
      states: {},
      areas: {},
      zips: {},
      cities: {},
      counties: {},
      unjoined: [],
    }),
  );
  writeFileSync(join(dir, 'onet.json'), JSON.stringify(EMPTY_ONET_PART));
};

test('a missing index names npm run data:build', async () => {
  await expect(loadIndex(join(dir, 'nothing-here'))).rejects.toThrow(IndexNotReadyError);
  await expect(loadIndex(join(dir, 'nothing-here'))).rejects.toThrow(
    /no index at .*Run `npm run data:build` first\./,
  );
});

test('an index of another format version is refused', async () => {
  writeParts();
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify(manifest({ formatVersion: INDEX_FORMAT_VERSION - 1 })),
  );
  await expect(loadIndex(dir)).rejects.toThrow(/index format .* differs .*npm run data:build/);
});

test('an index built with another O*NET normaliser is refused', async () => {
  writeParts();
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify(manifest({ partVersions: { onetNormalizer: -1 } })),
  );
  await expect(loadIndex(dir)).rejects.toThrow(/onetNormalizer .*npm run data:build/);
});

test('an index whose recorded raw files differ from the raw folder is refused', async () => {
  writeParts();
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({ sources: [] })));
  await expect(loadIndex(dir, RAW_DIR)).rejects.toThrow(
    /new raw file oews\/national_M2025_dl\.xlsx.*npm run data:build/,
  );
  // Without a raw folder (a deployment that ships only data/build) the freshness check is skipped.
  await expect(loadIndex(dir)).resolves.toMatchObject({
    wages: { primaryYear: 2025 },
    geography: { areaDefinitions: 'test' },
  });
});

test('a damaged part is refused with the same advice', async () => {
  writeParts();
  writeFileSync(join(dir, 'geography.json'), '{"trunc');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({})));
  await expect(loadIndex(dir)).rejects.toThrow(/cannot read geography\.json.*npm run data:build/);
  writeParts();
  writeFileSync(join(dir, 'wages.bin'), Buffer.from('JPPACK01'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({})));
  await expect(loadIndex(dir)).rejects.toThrow(/cannot read wages\.bin.*npm run data:build/);
});

test('a part of the wrong shape is refused, naming the field', async () => {
  writeParts();
  writeFileSync(
    join(dir, 'geography.json'),
    JSON.stringify({
      areaDefinitions: 'test',
      states: {},
      areas: {},
      zips: { '95112': ['m:41940', 'CA'] },
      cities: {},
      counties: {},
      unjoined: [],
    }),
  );
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({})));
  await expect(loadIndex(dir)).rejects.toThrow(
    /geography\.json does not have the expected shape \(zips\.95112.*npm run data:build/,
  );
});

test('an O*NET part whose arrays do not fit together is refused with the same advice', async () => {
  writeParts();
  writeFileSync(
    join(dir, 'onet.json'),
    JSON.stringify({
      ...EMPTY_ONET_PART,
      titles: { ...EMPTY_ONET_PART.titles, occ: [3], kind: [0], sources: [1] },
    }),
  );
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({})));
  await expect(loadIndex(dir)).rejects.toThrow(
    /onet\.json: O\*NET index is inconsistent.*npm run data:build/,
  );
});

describe('the index own checksums (docs/service.md "Security")', () => {
  test('a part edited after the build is refused at start-up, naming the file and the command', async () => {
    writeParts();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({})));
    await expect(loadIndex(dir)).resolves.toMatchObject({ wages: { primaryYear: 2025 } });
    // A figure changed by hand: still well-formed, still the right shape.
    writeFileSync(
      join(dir, 'wages.bin'),
      WageIndex.fromPart({ primaryYear: 2024, national: {}, sector: [], areaTables: [] }).encode(),
    );
    await expect(loadIndex(dir)).rejects.toThrow(
      /wages\.bin was changed after the index was built \(its checksum differs from the one in the manifest\)\. Run `npm run data:build` first\./,
    );
  });

  test('an index whose manifest records no checksums (an older build) is refused', async () => {
    writeParts();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({ checksums: undefined })));
    await expect(loadIndex(dir)).rejects.toThrow(/records no checksums.*npm run data:build/);
  });

  test('npm run data:build sees an edited part as a reason to rebuild', () => {
    writeParts();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest({})));
    writeFileSync(join(dir, 'geography.json'), '{}');
    expect(indexStaleReason(dir, RAW_DIR, 'always')).toMatch(
      /^geography\.json was changed after the index was built/,
    );
  });
});
