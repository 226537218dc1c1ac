import { message, type Message } from '../../lib/domain/messages';

/** Reads an image the user chose as a data: URL (kept in the workspace; no upload to any server); a file that cannot be read gives `unreadableImage`. */
export function readImageFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

/** What a screen says when a chosen image cannot be read. */
export const unreadableImage = (file: Pick<File, 'name'>): Message => message('domain.funnels.imageUnreadable', { name: file.name });
