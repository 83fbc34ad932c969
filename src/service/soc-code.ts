/**
 * The shape of SOC 2018 codes and of the O*NET-SOC codes built on them, in one place. A SOC code is
 * "15-1252": two digits of major group, then minor group (15-1200), broad occupation (15-1250) and
 * detailed occupation. O*NET adds ".00" for the detailed occupation itself and ".01", ".02"... for the
 * specialisations it files under one ("15-1299.09" IT Project Managers under 15-1299). The service
 * matches on O*NET-SOC codes and prices on SOC codes (docs/methodology.md, "From title to pay").
 */

/** A SOC 2018 code at any level: "15-1252", "15-1250", "15-0000". */
const SOC_CODE = /^\d\d-\d{4}$/;
/** An O*NET-SOC code: "15-1252.00". */
export const ONET_SOC_CODE = /^\d\d-\d{4}\.\d\d$/;

export const isSocCode = (code: string): boolean => SOC_CODE.test(code);

/** The SOC code an O*NET-SOC code (or a SOC code) belongs to: "15-1299.09" -> "15-1299". */
export const socOf = (code: string): string => code.slice(0, 7);

/** The two digits of the major group: "15-1252" -> "15". */
export const majorGroupOf = (code: string): string => code.slice(0, 2);

/** The major group's own code, as OEWS and the SOC definitions write it: "15-1252" -> "15-0000". */
export const majorGroupCode = (code: string): string => `${majorGroupOf(code)}-0000`;

/**
 * The minor group's code where SOC 2018 numbers minor groups by hundreds ("15-1252" -> "15-1200",
 * "51-5112" -> "51-5100"). Where it numbers them by thousands (29-1000) the code names no published
 * group, and a fallback along the hierarchy moves on to the major group.
 */
export const minorGroupCode = (soc: string): string => `${soc.slice(0, 5)}00`;

/** The broad occupation's code: "15-1252" -> "15-1250". */
export const broadOccupationCode = (soc: string): string => `${soc.slice(0, 6)}0`;

/** Both codes are in one major group. */
export const sameMajorGroup = (a: string, b: string): boolean => majorGroupOf(a) === majorGroupOf(b);

/**
 * The "All Other" occupation closing a minor group (xx-xx99: Computer Occupations, All Other), or an
 * O*NET specialisation filed under one: OEWS prices it as one mixed bag of whatever the named
 * occupations of its group leave.
 */
export const isMinorGroupResidual = (code: string): boolean => /^\d\d-\d\d99\b/.test(code);

/** Any "All Other" detailed occupation: the SOC ends their codes in 9 (29-1229 Physicians, All Other). */
export const isAllOther = (code: string): boolean => /^\d\d-\d{3}9\b/.test(code);

/** An O*NET-SOC code that is its SOC detailed occupation itself (".00"), not a specialisation of it. */
export const isSocDetailedOccupation = (onetCode: string): boolean => onetCode.endsWith('.00');

/** Management occupations, SOC major group 11. */
export const isManagement = (code: string): boolean => majorGroupOf(code) === '11';

/**
 * Business, computer, engineering, science, social service, legal, education, arts and health
 * practitioners (major groups 13-29): the SOC classifies their supervisors with the workers they
 * supervise and has no first-line supervisor code for them.
 */
export const isProfessionalOrTechnical = (code: string): boolean => {
  const group = Number(majorGroupOf(code));
  return group >= 13 && group <= 29;
};

/** Chief Executives: the ceiling a level shift never lifts a job above (docs/methodology.md). */
export const CHIEF_EXECUTIVES_SOC = '11-1011';

/** Physicians and surgeons: the broad occupations 29-1210 to 29-1240 (29-1290 is other practitioners). */
export const isPhysicianOrSurgeon = (code: string): boolean => /^29-12[1-4]/.test(code);

/** Healthcare diagnosing or treating practitioners (SOC minor group 29-1000): those who train in residencies. */
export const isHealthPractitioner = (code: string): boolean => code.startsWith('29-1');

/**
 * Physicians, surgeons and the other diagnosing or treating practitioners filed beside them
 * (29-1210 to 29-1290: acupuncturists, naturopathic physicians, "All Other"): an intern or trainee title
 * that does not say medicine is none of them.
 */
export const isDoctorLike = (code: string): boolean => code.startsWith('29-12');
