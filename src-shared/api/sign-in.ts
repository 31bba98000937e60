import { z } from 'zod';

/**
 * One-time sign-in codes (src-main/mail/access/sign-in-codes.ts): a link carries a code that is
 * exchanged once, by POST, for an API key, so no long-lived key is ever in a URL.
 * - `pair`: the QR code of Phone → Pair a phone, for the phone's browser;
 * - `sign-in`: the link printed at a headless start or opened by the desktop app's
 *   "Open in browser", for a browser on this computer.
 */
export const SIGN_IN_PURPOSES = ['pair', 'sign-in'] as const;
export type SignInPurpose = (typeof SIGN_IN_PURPOSES)[number];

/** How long a code can be exchanged, and how many can be waiting at once. */
export const SIGN_IN_CODE_LIMITS = { ttlMinutes: 10, maxLive: 16 } as const;

/** POST /api/sign-in-codes body: the key that the code will make is named `name`. */
export const SignInCodeCreateSchema = z
  .object({
    purpose: z.enum(SIGN_IN_PURPOSES),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type SignInCodeCreate = z.infer<typeof SignInCodeCreateSchema>;

/** What a live code stands for (POST /api/sign-in/check): never a key. */
export const SignInCodeInfoSchema = z.object({
  purpose: z.enum(SIGN_IN_PURPOSES),
  /** The name the new key will have. */
  name: z.string(),
  expires_at: z.iso.datetime(),
});
export type SignInCodeInfo = z.infer<typeof SignInCodeInfoSchema>;

/** POST /api/sign-in-codes answer: the code exists only in this answer. */
export const SignInCodeSchema = SignInCodeInfoSchema.extend({ code: z.string() });
export type SignInCode = z.infer<typeof SignInCodeSchema>;

/** POST /api/sign-in and /api/sign-in/check body. */
export const SignInRedeemSchema = z.object({ code: z.string().min(1).max(100) }).strict();
export type SignInRedeem = z.infer<typeof SignInRedeemSchema>;
