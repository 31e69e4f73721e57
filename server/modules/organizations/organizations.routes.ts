import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/common';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import {
  acceptInvitationBodySchema,
  changeRoleBodySchema,
  createInvitationBodySchema,
  createOrganizationBodySchema,
  followResponseSchema,
  hoursReportQuerySchema,
  hoursReportSchema,
  invitationParamsSchema,
  organizationEventParamsSchema,
  reassignEventBodySchema,
  organizationCardsSchema,
  organizationListQuerySchema,
  logoParamsSchema,
  organizationLogoBodySchema,
  memberParamsSchema,
  myOrganizationsSchema,
  organizationMembersSchema,
  organizationSchema,
  slugParamsSchema,
} from '../../../contract/organizations';
import { ORGANIZATION_LIMITS } from '../../../contract/organization-limits';
import type { Database } from '../../db/client';
import { sendNotModified } from '../../lib/not-modified';
import { readTimeZone } from '../../lib/page-rendering';
import { isCsvWanted, sendCsv } from '../../lib/csv-response';
import { requireUser } from '../../plugins/session';
import { EventsService } from '../events/events.service';
import { readOrganizationAnswer } from './organization-answer';
import { hoursReportToCsv, OrganizationHoursService } from './organization-hours.service';
import type { OrganizationsService } from './organizations.service';
import type { OrganizationRow } from './organizations.repository';

const errors = errorResponses(400, 401, 403, 404, 409);
// One logo, base64-encoded (4/3), plus the rest of the body.
const LOGO_BODY_LIMIT = Math.ceil((ORGANIZATION_LIMITS.logoBytesMax * 4) / 3) + 64 * 1024;

export const organizationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  service: OrganizationsService;
  publicUrl?: string | null;
  timeZone?: string;
}> = async (app, { db, service, publicUrl = null, timeZone = 'UTC' }) => {
  const hours = new OrganizationHoursService(db, service);
  const events = new EventsService(db, { publicUrl });

  const readOrganization = (organization: OrganizationRow, viewerId: string | null) =>
    readOrganizationAnswer(service, events, organization, viewerId);

  app.post(
    '/api/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Create an organization; the caller becomes its owner',
        body: createOrganizationBodySchema,
        response: { 201: organizationSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const organization = await service.create(user.id, request.body);
      return reply.status(201).send(await readOrganization(organization, user.id));
    },
  );

  app.get(
    '/api/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'The Groups screen: organizations the caller belongs to or follows (mine), or others (discover)',
        querystring: organizationListQuerySchema,
        response: { 200: organizationCardsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listCards(requireUser(request).id, request.query),
  );

  app.get(
    '/api/organizations/mine',
    {
      schema: {
        tags: ['organizations'],
        summary: 'The organizations the caller belongs to, with their role',
        response: { 200: myOrganizationsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listMine(requireUser(request).id),
  );

  app.get(
    '/api/organizations/:slug',
    {
      // Guests read an organization's page too (decisions §20).
      config: { isPublic: true },
      schema: {
        tags: ['organizations'],
        summary: 'An organization by its slug: description, upcoming events and follower count',
        params: slugParamsSchema,
        response: { 200: organizationSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const organization = await service.findBySlug(request.params.slug);
      return readOrganization(organization, request.user?.id ?? null);
    },
  );

  app.get(
    '/api/organizations/:id/members',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Members with their roles and the open invitations (owners and admins)',
        params: idParamsSchema,
        response: { 200: organizationMembersSchema, ...errors },
      },
    },
    async (request) => service.members(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/organizations/:id/invitations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Invite an address with a role (owners and admins); the mailed link joins whoever opens it',
        params: idParamsSchema,
        body: createInvitationBodySchema,
        response: { 201: organizationMembersSchema, ...errors, 415: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await service.invite(user, request.params.id, request.body);
      return reply.status(201).send(await service.members(user.id, request.params.id));
    },
  );

  app.post(
    '/api/organization-invitations/accept',
    {
      schema: {
        tags: ['organizations'],
        summary: "Join an organization with an invitation link's token",
        body: acceptInvitationBodySchema,
        response: { 200: organizationSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const organization = await service.acceptInvitation(user.id, request.body.token);
      return readOrganization(organization, user.id);
    },
  );

  app.patch(
    '/api/organizations/:id/members/:userId',
    {
      schema: {
        tags: ['organizations'],
        summary: "Change a member's role; an organization always keeps an owner",
        params: memberParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: organizationMembersSchema, ...errors, 415: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.changeRole(user.id, request.params.id, request.params.userId, request.body.role);
      return service.members(user.id, request.params.id);
    },
  );

  app.delete(
    '/api/organizations/:id/members/:userId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Remove a member (owners and admins), or leave (one’s own id); the last owner cannot go',
        params: memberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeMember(requireUser(request).id, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/organizations/:id/invitations/:invitationId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Revoke an open invitation (owners and admins): its link no longer joins anyone',
        params: invitationParamsSchema,
        response: { 200: organizationMembersSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.revokeInvitation(user.id, request.params.id, request.params.invitationId);
      return service.members(user.id, request.params.id);
    },
  );

  app.patch(
    '/api/organizations/:id/events/:eventId',
    {
      schema: {
        tags: ['organizations'],
        summary:
          "Give one of the organization's events to another of its owners, admins or organizers (owners and admins)",
        params: organizationEventParamsSchema,
        body: reassignEventBodySchema,
        response: { 204: z.null(), ...errors, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.reassignEvent(
        requireUser(request).id,
        request.params.id,
        request.params.eventId,
        request.body.organizerId,
      );
      return reply.status(204).send(null);
    },
  );

  for (const method of ['post', 'delete'] as const)
    app[method](
      '/api/organizations/:id/follow',
      {
        schema: {
          tags: ['organizations'],
          summary: method === 'post' ? 'Follow an organization' : 'Stop following an organization',
          params: idParamsSchema,
          response: { 200: followResponseSchema, ...errors },
        },
      },
      async (request) => service.follow(requireUser(request).id, request.params.id, method === 'post'),
    );

  app.put(
    '/api/organizations/:id/logo',
    {
      bodyLimit: LOGO_BODY_LIMIT,
      schema: {
        tags: ['organizations'],
        summary: 'Set the logo (owners and admins): an image re-encoded to a square WebP',
        params: idParamsSchema,
        body: organizationLogoBodySchema,
        response: {
          200: organizationSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const organization = await service.setLogo(user.id, request.params.id, request.body.image);
      return readOrganization(organization, user.id);
    },
  );

  app.delete(
    '/api/organizations/:id/logo',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Remove the logo (owners and admins)',
        params: idParamsSchema,
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const organization = await service.removeLogo(user.id, request.params.id);
      return readOrganization(organization, user.id);
    },
  );

  app.get(
    '/api/organization-logos/:logoId',
    {
      // Shown on public pages and in link previews, as event photos (decisions §9).
      config: { isPublic: true },
      schema: {
        tags: ['organizations'],
        summary: "An organization's logo (public, immutable)",
        params: logoParamsSchema,
        response: {
          200: z.any().describe('The image bytes, with their image content type'),
          304: z.null().describe('Not modified'),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // A logo's id is never reused and its bytes never change: the id is a strong validator.
      const etag = `"${request.params.logoId}"`;
      const cacheHeaders = {
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'cross-origin-resource-policy': 'cross-origin',
      };
      if (request.headers['if-none-match'] === etag) return sendNotModified(reply.headers(cacheHeaders));
      const logo = await service.findLogo(request.params.logoId);
      return reply.headers(cacheHeaders).type(logo.contentType).send(logo.bytes);
    },
  );

  app.get(
    '/api/organizations/:id/hours',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Every verified hour given at its events in a date range, per person and in total (owners and admins)',
        params: idParamsSchema,
        querystring: hoursReportQuerySchema,
        response: {
          200: hoursReportSchema.describe(
            "JSON, or text/csv (Accept: text/csv or ?format=csv) with the columns Name, Event, Date (in the time zone of the pitchin_time_zone cookie, else the server's) and Verified hours, then each person's total and everyone's",
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await hours.report(requireUser(request).id, request.params.id, {
        from,
        to,
        timeZone: readTimeZone(request.cookies, timeZone),
      });
      reply.header('cache-control', 'private, no-store').header('vary', 'Accept');
      if (isCsvWanted(request, format))
        return sendCsv(reply, `organization-${request.params.id}-hours-${from}-to-${to}.csv`, hoursReportToCsv(report));
      return report;
    },
  );
};
