/** A chosen file's text (UTF-8), through FileReader, which every browser (and jsdom) has. */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result ?? '')));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read.')));
    reader.readAsText(file);
  });
}
