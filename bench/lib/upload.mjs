/**
 * One activity upload as the web client makes it: a ticket from the api, then the bytes PUT
 * straight to the bucket with the ticket's signed headers. Answers the upload's id.
 */
export async function uploadActivityMedia(apiUrl, headers, { bytes, contentType, fileName }) {
  const response = await fetch(`${apiUrl}/api/media/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind: 'activity', fileName, contentType, size: bytes.length }),
  });
  if (response.status !== 201) {
    throw new Error(`upload ticket: HTTP ${response.status} ${await response.text()}`);
  }
  const ticket = await response.json();
  const put = await fetch(ticket.uploadUrl, {
    method: 'PUT',
    headers: ticket.headers,
    body: new Uint8Array(bytes),
  });
  if (!put.ok) {
    throw new Error(`upload PUT: HTTP ${put.status}`);
  }
  return ticket.uploadId;
}
