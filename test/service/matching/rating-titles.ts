import type { EvalTitle } from './heldout-titles';

/**
 * A labelled list written on 2026-11-24 BEFORE the rating rules were changed, kept out of tuning, to
 * calibrate MatchRating (D3). With HELDOUT_TITLES and SEALED_TITLES it makes more than 300 labelled titles.
 * Kinds: entry-level and trainee titles, generic one-word titles, executives, abbreviated titles and
 * ambiguous ones. `accept: []` marks a title no single occupation answers ("Intern", "Associate"): any
 * Confident answer on it is wrong, Possible or no match is right. Codes from the 2018 SOC and O*NET's title
 * lists; an entry is a code prefix, as in heldout-titles.ts.
 */
const t = (title: string, ...accept: string[]): EvalTitle => ({ title, accept });

/** One word that fits many occupations: never Confident. */
export const GENERIC_TITLES: readonly EvalTitle[] = [
  t('Intern'),
  t('Associate'),
  t('Specialist'),
  t('Coordinator'),
  t('Consultant'),
  t('Analyst'),
  t('Assistant'),
  t('Manager'),
  t('Technician'),
  t('Engineer'),
  t('Representative'),
  t('Officer'),
  t('Administrator'),
  t('Supervisor'),
  t('Trainee'),
  t('Advisor'),
  t('Agent'),
  t('Operator'),
  t('Worker'),
  t('Staff'),
];

/** Entry-level and trainee titles: never priced as a physician or an executive. */
export const ENTRY_LEVEL_TITLES: readonly EvalTitle[] = [
  t('Marketing Intern', '13-1161', '41-3011', '11-2021', '27-3031'),
  t('Finance Intern', '13-2051', '13-2011', '43-3031', '13-2099'),
  t('Summer Intern - Finance', '13-2051', '13-2011', '43-3031', '13-2099'),
  t('Software Engineering Intern', '15-1252', '15-1253', '15-1254'),
  t('HR Intern', '13-1071', '43-4161', '11-3121'),
  t('Accounting Intern', '13-2011', '43-3031'),
  t('Engineering Intern', '17-'),
  t('Graduate Trainee', '13-', '11-', '43-'),
  t('Management Trainee', '11-', '13-1111', '41-1011'),
  t('Sales Trainee', '41-'),
  t('Apprentice Electrician', '47-2111', '47-3013'),
  t('Plumber Apprentice', '47-2152', '47-3015'),
  t('Carpenter Apprentice', '47-2031', '47-3012'),
  t('Entry Level Accountant', '13-2011'),
  t('Junior Accountant', '13-2011'),
  t('Junior Data Analyst', '15-2051', '15-2041', '13-1161', '15-1211'),
  t('Associate Software Engineer', '15-1252'),
  t('Junior Web Developer', '15-1254', '15-1255', '15-1252'),
  t('Entry Level Customer Service', '43-4051'),
  t('Graduate Engineer', '17-'),
  t('Teller Trainee', '43-3071'),
  t('Pharmacy Technician Trainee', '29-2052'),
  t('Nurse Extern', '31-1131', '29-1141'),
  t('Student Worker', '43-9061', '43-4171', '25-9044', '43-'),
  t('Research Intern', '19-', '25-9044', '15-2041'),
];

/** Executives and senior leaders. */
export const EXECUTIVE_TITLES: readonly EvalTitle[] = [
  t('Chief Executive Officer', '11-1011'),
  t('CEO', '11-1011'),
  t('Chief Financial Officer', '11-1011', '11-3031'),
  t('CFO', '11-1011', '11-3031'),
  t('Chief Operating Officer', '11-1011', '11-1021'),
  t('Chief Technology Officer', '11-1011', '11-3021'),
  t('Chief Information Officer', '11-3021', '11-1011'),
  t('Chief People Officer', '11-3121', '11-1011'),
  t('Chief Human Resources Officer', '11-3121', '11-1011'),
  t('Chief Marketing Officer', '11-2021', '11-1011'),
  t('VP of Finance', '11-3031', '11-1011'),
  t('VP Engineering', '11-9041', '11-3021', '11-1011'),
  t('Vice President of Human Resources', '11-3121', '11-1011'),
  t('General Manager', '11-1021'),
  t('Managing Director', '11-1011', '11-1021'),
  t('President', '11-1011'),
  t('Executive Director', '11-1011', '11-9151'),
  t('Head of Sales', '11-2022'),
  t('Director of Operations', '11-1021'),
  t('Chief Nursing Officer', '11-9111', '29-1141'),
];

/** Abbreviated titles as HR systems export them. */
export const ABBREVIATED_TITLES: readonly EvalTitle[] = [
  t('Sr Acct Clk', '43-3031'),
  t('Acct Clerk II', '43-3031'),
  t('Admin Asst', '43-6014', '43-6011'),
  t('Admin Asst,Sr', '43-6014', '43-6011'),
  t('Exec Asst', '43-6011'),
  t('Maint Mech', '49-9071', '49-9041'),
  t('Maint Tech II', '49-9071'),
  t('Eng Tech III', '17-3'),
  t('Sys Admin', '15-1244'),
  t('Sys Anlst,Prin', '15-1211'),
  t('Prog Coord', '13-1199', '11-9151', '21-1099', '43-'),
  t('Cust Svc Rep', '43-4051'),
  t('Mgr, Accounting', '11-3031'),
  t('Asst Mgr', '11-', '41-1011'),
  t('Whse Assoc', '53-7062', '53-7065'),
  t('Lic Prac Nurse', '29-2061'),
  t('RN, ICU', '29-1141'),
  t('LPN', '29-2061'),
  t('CNA', '31-1131'),
  t('HVAC Tech', '49-9021'),
  t('Elec Eng', '17-2071'),
  t('Mech Eng', '17-2141'),
  t('Fin Analyst', '13-2051'),
  t('Sr. Bus. Analyst', '13-1111', '15-1211'),
  t('Custdn', '37-2011'),
];

/** Titles that fit two or more occupations about equally: at most Probable. */
export const AMBIGUOUS_TITLES: readonly EvalTitle[] = [
  t('Driver', '53-3032', '53-3033', '53-3031', '53-3053', '53-3054'),
  t('Nurse', '29-1141', '29-2061'),
  t('Teacher', '25-'),
  t('Designer', '27-1024', '27-1021', '27-1025', '27-1027', '15-1255'),
  t('Mechanic', '49-3023', '49-9071', '49-3031', '49-3011'),
  t('Inspector', '51-9061', '47-4011', '13-1041'),
  t('Scheduler', '43-5061', '43-4171'),
  t('Planner', '13-1121', '43-5061', '13-1081'),
  t('Therapist', '29-11', '21-1'),
  t('Counselor', '21-1'),
];

/** Every list of this file, for the per-rating report. */
export const RATING_TITLES: readonly EvalTitle[] = [
  ...GENERIC_TITLES,
  ...ENTRY_LEVEL_TITLES,
  ...EXECUTIVE_TITLES,
  ...ABBREVIATED_TITLES,
  ...AMBIGUOUS_TITLES,
];
