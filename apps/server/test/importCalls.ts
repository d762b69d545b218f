/** A multipart body as `postFile` sends it, encoded ahead of time, with its content type (boundary included). */
export interface EncodedForm {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly type: string;
}

/**
 * The multipart body of `file` as the import dialog sends it, encoded now by fetch's own encoder. A
 * test that times the server (its event loop shares this process) encodes a large file before its
 * clock starts: encoding and streaming a Blob are tasks of this client, not of the server.
 */
export async function encodedForm(
  bytes: Uint8Array<ArrayBuffer> | string,
  name: string,
): Promise<EncodedForm> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get('content-type')!,
  };
}

/** `POST` of a file as the multipart `file` part, as the import dialog sends it; the answer parsed, and its text. */
export async function postFile(
  url: string,
  token: string,
  file: Uint8Array<ArrayBuffer> | string | EncodedForm,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: report bodies are inspected field by field.
): Promise<{ status: number; text: string; body: any }> {
  const { body, type } = typeof file === 'object' && 'type' in file ? file : await encodedForm(file, name);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}
