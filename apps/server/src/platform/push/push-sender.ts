import type { PushMessage } from '@pet/contract';

/**
 * What a reminder needs of web push (issue 36): send one message to every device a user switched
 * push on for. The implementation (web-push.ts) encrypts per RFC 8291, signs with the server's
 * VAPID key (RFC 8292) and removes a device whose push service answers that it is gone (404/410).
 * Answers how many devices took the message, so a caller can tell "pushed" from "no device".
 */
export interface PushSender {
  sendToUser(userId: string, message: PushMessage): Promise<{ delivered: number; removed: number }>;
}
