/** The type a file's bytes match, or null when they match none file-type knows. */
export async function detectType(file: string): Promise<{ ext: string; mime: string } | null> {
  // file-type is an ES module only; a dynamic import loads it from this CommonJS code.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file);
  return detected ? { ext: detected.ext, mime: detected.mime } : null;
}
