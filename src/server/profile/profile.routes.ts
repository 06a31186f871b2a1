/** HTTP of a member's own account (common/api/profile.endpoints.ts). */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { profileEndpoints } from '../../common/api/profile.endpoints.ts';
import type { MemberDataExport } from '../../common/types.ts';
import { ApiError } from '../http-errors.ts';
import { serve } from '../api/serve.ts';
import { hashingFor } from '../auth/password-hashing.ts';
import { countedPasswordCheck, type SignInLimits } from '../auth/sign-in-limits.ts';
import { eraseMember, memberProfile, passwordHashOf } from './accounts.repository.ts';
import { cardNumberOf } from '../members/cards.ts';

/** Everything of one member's notices, for the download (the app lists the newest). */
const ALL_NOTICES = 100_000;

/** The download's file name: the product's name in safe letters, then the day. */
const fileNameOf = (appName: string, day: string) =>
  `${appName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'library'}-my-data-${day}.json`;

export async function profileRoutes(
  app: FastifyInstance,
  options: { appName: string; limits: SignInLimits },
) {
  const { lending, auth } = app;
  const { db } = app.database;

  /**
   * Deleting an account asks for its password again, so a session left open on a shared computer
   * cannot delete it; each try is counted like a sign-in's, so a session is no way round the
   * limits. An account with no password (signed up with Google) has only its session.
   */
  async function confirmPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    password = '',
  ): Promise<void> {
    const { id, email } = request.member;
    const hash = await passwordHashOf(db, id);
    if (hash === null) return;
    const account = email.toLowerCase();
    // The server's own password scheme, the one that made the hash: better-auth keeps it.
    const scheme = (await app.auth.$context).password;
    const right = await countedPasswordCheck(
      options.limits,
      request,
      reply,
      account,
      async () =>
        password !== '' &&
        hashingFor({ address: request.ip, account }, () => scheme.verify({ hash, password })),
      (matched) => !matched,
    );
    if (!right) throw new ApiError(403, 'INVALID_CREDENTIALS', 'The password is not right');
  }

  serve(app, profileEndpoints, {
    myNotices: async (request) => app.notices.listFor(request.member.id),
    noticeChoices: async (request) => app.notices.choicesOf(request.member.id),
    changeNoticeChoices: async (request) => {
      return app.notices.choose(request.member.id, request.body);
    },
    myProfile: async (request) => {
      const [profile, phone] = await Promise.all([
        memberProfile(db, request.member.id),
        app.phones.of(request.member.id),
      ]);
      if (!profile) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
      return { ...profile, phone: phone.phone, phoneVerified: phone.verified };
    },
    setPhone: async (request) => app.phones.requestCode(request.member.id, request.body.phone),
    verifyPhone: async (request) => app.phones.verify(request.member.id, request.body.code),
    removePhone: async (request) => app.phones.remove(request.member.id),
    smsChoices: async (request) => app.phones.smsChoicesOf(request.member.id),
    changeSmsChoices: async (request) => app.phones.chooseSms(request.member.id, request.body),
    myData: async (request, reply) => {
      const { member } = request;
      const [profile, choices, phone, smsChoices, loans, holds, notices, membership] =
        await Promise.all([
          memberProfile(db, member.id),
          app.notices.choicesOf(member.id),
          app.phones.of(member.id),
          app.phones.smsChoicesOf(member.id),
          lending.allLoans(member),
          app.holds.of(member),
          app.notices.listFor(member.id, ALL_NOTICES),
          app.membership.of(member.id),
        ]);
      const [cardNumber, bookings, registrations, reader, ebookWaits] = await Promise.all([
        cardNumberOf(db, app.clock, member.id),
        app.rooms.allBookings(member),
        app.events.allRegistrations(member),
        app.ebooks.readerRecord(member),
        app.ebooks.waits(member),
      ]);
      if (!profile || !membership)
        throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
      const exported: MemberDataExport = {
        exportedAt: app.clock.now().toISOString(),
        profile,
        noticeChoices: choices,
        phone,
        smsChoices,
        loans,
        holds,
        notices,
        membership,
        fines: await app.fines.ledger(member.id, loans),
        cardNumber,
        bookings,
        registrations,
        ...reader,
        ebookWaits,
      };
      const fileName = fileNameOf(options.appName, exported.exportedAt.slice(0, 10));
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return exported;
    },
    deleteAccount: async (request, reply) => {
      const { member } = request;
      await confirmPassword(request, reply, request.body?.password);
      await app.accounts.close(member.id, (tx) => eraseMember(tx, member));
      // The session rows are gone; better-auth's sign-out clears the browser's cookies.
      const signedOut = await auth.api.signOut({
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      const cookies = signedOut.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { acknowledged: true as const, deletedCount: 1 as const };
    },
  });
}
