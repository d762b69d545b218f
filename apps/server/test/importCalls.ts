/** `POST` of a file as the multipart `file` part, as the import dialog sends it; the answer parsed, and its text. */
export async function postFile(
  url: string,
  token: string,
  bytes: Uint8Array<ArrayBuffer> | string,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: report bodies are inspected field by field.
): Promise<{ status: number; text: string; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}
