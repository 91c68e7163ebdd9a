/** What the dashboard checks before an upload; the server checks the content again. */
export const ALLOWED_EXTENSIONS = ['pdf', 'docx', 'txt'] as const;

/** react-dropzone's accept map: the browser's file chooser offers only these. */
export const ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
};

export type UploadStatus = 'uploading' | 'success' | 'error' | 'oversize' | 'incorrectType';

export const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** 'incorrectType' for anything but pdf/docx/txt, 'oversize' above the server's limit, else null (may upload). */
export function precheckFile(file: { name: string; size: number }, maxBytes: number | undefined): 'incorrectType' | 'oversize' | null {
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'incorrectType';
  if (maxBytes !== undefined && file.size > maxBytes) return 'oversize';
  return null;
}

/** The queue status a failed upload ends in, from the server's answer. */
export function statusForUploadError(e: { status?: number; serverKey?: string | null }): 'error' | 'oversize' | 'incorrectType' {
  if (e.status === 413 || e.serverKey === 'FileTooLarge') return 'oversize';
  if (e.status === 415 || e.serverKey === 'FileTypeNotSupported' || e.serverKey === 'UnsupportedMediaType') return 'incorrectType';
  return 'error';
}
