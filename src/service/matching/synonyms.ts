/**
 * Head nouns that name the same kind of job in different words. They are general English (and HR)
 * equivalences, not mappings of particular titles: a call-centre "agent" is a "representative"
 * ("Call Center Agent" / "Call Center Representative"), a "foreman" is a "supervisor", and the
 * "owner" of a thing in an organisation is the person who manages it ("Product Owner", "Process
 * Owner"). The matcher tries a title again with its head noun replaced by each equivalent and counts
 * such matches SYNONYM_FACTOR of their score (see matcher.ts), so a title O*NET lists in the query's
 * own words still wins.
 */
export const HEAD_NOUN_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  agent: ['representative'],
  representative: ['agent'],
  foreman: ['supervisor'],
  forewoman: ['supervisor'],
  foreperson: ['supervisor'],
  owner: ['manager'],
};

export function headSynonyms(head: string): readonly string[] {
  return Object.hasOwn(HEAD_NOUN_SYNONYMS, head) ? (HEAD_NOUN_SYNONYMS[head] as readonly string[]) : [];
}
