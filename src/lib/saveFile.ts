/** Hands a file to the browser's download through a temporary link. */
export function saveFile(contents: Blob, fileName: string): void {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
