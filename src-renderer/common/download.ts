// Offers text to the scientist as a file download: a Blob behind a temporary link. The renderer
// never writes files itself; the browser (or Electron's download handling) asks where to save.
export function downloadText(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Released later, not at once: the browser reads the Blob asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
