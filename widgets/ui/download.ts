/** Saves text as a file through a same-page blob link (no request leaves the page). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves bytes (a ZIP file, say) the same way. */
export function downloadBytes(fileName: string, bytes: Uint8Array, type = 'application/zip') {
  downloadBlob(fileName, new Blob([bytes as BlobPart], { type }));
}

function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
