import type { CreateUploadRequest, UploadTicket } from '@datebook/contracts';
import type { Requester } from './test-api';

/**
 * An upload as the web app makes it: a ticket (201), then the bytes PUT to its presigned URL (200).
 * The size is the bytes' unless the request names another.
 */
export async function uploadFile(
  as: Requester,
  file: Omit<CreateUploadRequest, 'size'> & { size?: number },
  bytes: Buffer,
): Promise<UploadTicket> {
  const requested = await as({
    method: 'POST',
    url: '/api/media/uploads',
    payload: { size: bytes.length, ...file },
  });
  expect(requested.statusCode).toBe(201);
  const ticket = requested.json<UploadTicket>();
  const put = await fetch(ticket.uploadUrl, {
    method: 'PUT',
    headers: ticket.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return ticket;
}
