/**
 * A surname's "Mc" written apart from the name ("Mc Gregor shoe stitcher", "Mc Donald's crew member") is one
 * word with it (docs/methodology.md §2a, "Eleventh round: fixes3").
 *
 * Gaelic surnames join the prefix to the name ("McGregor", "McDonald"); lists and HR systems that split
 * words on a capital letter write them apart. A name in a title names a machine by its maker or an
 * employer by its founder, never the work: joined, it is one word no O*NET title uses and the title is
 * read by its other words ("McGregor shoe stitcher" as a shoe machine stitcher). Apart, "Mc" is read as the
 * master of ceremonies' short title "MC" (disc jockeys), which O*NET writes in capitals, and outweighed
 * the rest. So only "Mc" as a name writes it, a capital and a small letter before a capitalised word, is
 * joined; "MC" in capitals and a title written in one case throughout keep their words.
 */
export function joinedSurnamePrefix(title: string): string {
  return title.includes('Mc') ? title.replace(SPLIT_MC, 'Mc') : title;
}

/** "Mc", as a word, then spaces and a capitalised word. */
const SPLIT_MC = /\bMc\s+(?=[A-Z][a-z])/g;
