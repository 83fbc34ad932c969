import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Who else may read or change a credentials file (docs/service.md "Clients" says what is refused). POSIX
 * modes only: on Windows the mode bits say nothing about access, so nothing is reported there.
 */
export interface PermissionReport {
  /** The file can be read or written by the group or other users. */
  readonly fileOpen: boolean;
  /** The folder can be written by the group or others (so the file could be replaced). */
  readonly folderWritable: boolean;
  /** The folder can be listed or entered by the group or others. */
  readonly folderReadable: boolean;
  readonly fileMode: number;
  readonly folderMode: number;
}

export async function permissionReport(path: string): Promise<PermissionReport | null> {
  if (process.platform === 'win32') return null;
  const [file, folder] = await Promise.all([stat(path), stat(dirname(path))]);
  const fileMode = file.mode & 0o777;
  const folderMode = folder.mode & 0o777;
  return {
    fileOpen: (fileMode & 0o077) !== 0,
    folderWritable: (folderMode & 0o022) !== 0,
    folderReadable: (folderMode & 0o055) !== 0,
    fileMode,
    folderMode,
  };
}

export const octal = (mode: number): string => `0${mode.toString(8).padStart(3, '0')}`;
