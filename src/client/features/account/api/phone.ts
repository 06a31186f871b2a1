import type { PhoneState, SmsChoices } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/profile: the member's number and whether it is confirmed. */
export async function getPhone(signal?: AbortSignal): Promise<PhoneState> {
  const { phone, phoneVerified } = (await api.get('/profile', { signal })).data;
  return { phone, verified: phoneVerified };
}

/** PUT /api/profile/phone: keeps the number unconfirmed and sends a code to it by SMS. */
export async function sendPhoneCode(phone: string): Promise<PhoneState> {
  return (await api.put('/profile/phone', { phone })).data;
}

/** POST /api/profile/phone/verify: confirms the number with the code the SMS brought. */
export async function confirmPhone(code: string): Promise<PhoneState> {
  return (await api.post('/profile/phone/verify', { code })).data;
}

/** DELETE /api/profile/phone: removes the number; every SMS choice is turned off with it. */
export async function removePhone(): Promise<PhoneState> {
  return (await api.delete('/profile/phone')).data;
}

/** GET /api/profile/sms-choices: which notices the member wants by SMS. */
export async function getSmsChoices(signal?: AbortSignal): Promise<SmsChoices> {
  return (await api.get('/profile/sms-choices', { signal })).data;
}

/** PATCH /api/profile/sms-choices: answers the choices now in force. */
export async function setSmsChoices(choices: SmsChoices): Promise<SmsChoices> {
  return (await api.patch('/profile/sms-choices', choices)).data;
}
