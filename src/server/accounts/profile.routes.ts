/**
 * HTTP of a member's own account (DECISIONS.md §11): the notices the library sent them and which
 * they want by e-mail, a download of everything kept about them, and deleting the account. Name,
 * photo and password go through better-auth (`/api/auth/update-user`, `/change-password`), whose
 * bodies auth.ts checks with the same rules. Always the caller's own account, from the session.
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  deleteResultSchema,
  memberDataExportSchema,
  noticeChoicesSchema,
  noticeChoicesUpdateSchema,
  noticeSchema,
} from '../../common/schemas.ts';
import type { DeleteResult, MemberDataExport } from '../../common/types.ts';
import { ApiError, parseInput } from '../http-errors.ts';
import {
  listMemberNotices,
  noticeChoices,
  setNoticeChoices,
} from '../notices/notices.repository.ts';
import { eraseMember, memberProfile } from './accounts.repository.ts';

/** Everything of one member's notices, for the download (the app lists the newest). */
const ALL_NOTICES = 100_000;

/** A profile route's schema: always the signed-in member's own account. */
const described = (summary: string, parts: FastifySchema) => ({
  schema: { summary, tags: ['Profile'], ...parts },
});

/** The download's file name: the product's name in safe letters, then the day. */
const fileNameOf = (appName: string, day: string) =>
  `${appName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'library'}-my-data-${day}.json`;

export async function profileRoutes(app: FastifyInstance, options: { appName: string }) {
  const { circulation, auth } = app;
  const { db } = app.database;

  await app.register(async (members) => {
    members.addHook('preHandler', members.requireMember);

    members.get(
      '/api/profile/notices',
      described('The notices the library sent the member, newest first', {
        response: { 200: z.array(noticeSchema) },
      }),
      async (request) => listMemberNotices(db, request.member.id),
    );

    members.get(
      '/api/profile/notice-choices',
      described('Which notices the member wants by e-mail', {
        response: { 200: noticeChoicesSchema },
      }),
      async (request) => noticeChoices(db, request.member.id),
    );

    members.patch(
      '/api/profile/notice-choices',
      described('Change which notices go by e-mail; kinds left out stay as they were', {
        body: noticeChoicesUpdateSchema,
        response: { 200: noticeChoicesSchema },
      }),
      async (request) => {
        const choices = parseInput(noticeChoicesUpdateSchema, request.body);
        await setNoticeChoices(db, request.member.id, choices);
        return noticeChoices(db, request.member.id);
      },
    );

    members.get(
      '/api/profile/data',
      described('Everything the library keeps about the member, as a JSON download', {
        response: { 200: memberDataExportSchema },
      }),
      async (request, reply) => {
        const { member } = request;
        const [profile, choices, loans, holds, notices, membership] = await Promise.all([
          memberProfile(db, member.id),
          noticeChoices(db, member.id),
          circulation.allLoans(member),
          circulation.holds(member),
          listMemberNotices(db, member.id, ALL_NOTICES),
          app.fines.membership(member.id),
        ]);
        if (!profile || !membership)
          throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in to continue');
        const exported: MemberDataExport = {
          exportedAt: new Date().toISOString(),
          profile,
          noticeChoices: choices,
          loans,
          holds,
          notices,
          membership,
          fines: await app.fines.ledger(member.id, loans),
        };
        const fileName = fileNameOf(options.appName, exported.exportedAt.slice(0, 10));
        return reply
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(exported);
      },
    );

    members.delete(
      '/api/profile',
      described('Delete the account: refused while books are on loan; history kept without name', {
        response: { 200: deleteResultSchema },
      }),
      async (request, reply) => {
        const { member } = request;
        await circulation.closeAccount(member.id, (tx) => eraseMember(tx, member));
        // The session rows are gone; better-auth's sign-out clears the browser's cookies.
        const signedOut = await auth.api.signOut({
          headers: fromNodeHeaders(request.headers),
          asResponse: true,
        });
        const cookies = signedOut.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const result: DeleteResult = { acknowledged: true, deletedCount: 1 };
        return result;
      },
    );
  });
}
