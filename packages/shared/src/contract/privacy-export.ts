/**
 * The member's copy of their own data (issue 31, RODO art. 15 and 20; docs/privacy.md "The member's
 * export"): ask for it, follow it while it is built, get a single-use link per file, download it.
 */
import { z } from 'zod';
import {
  ZPrivacyExport,
  ZPrivacyExportFileParams,
  ZPrivacyExportLink,
  ZPrivacyExportState,
  ZPrivacyExportTokenParams,
} from '../schemas/privacy-export';
import { defineEndpoint, ok } from './define';

export const privacyExportContract = {
  state: defineEndpoint({
    method: 'GET',
    path: '/privacy/export',
    summary: "The member's latest copy of their data: queued, being built, ready (until when) or expired",
    access: 'user',
    responses: { 200: ok(ZPrivacyExportState) },
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/privacy/export',
    summary:
      'Asks for a copy of all the member’s data (JSON and a readable document), built in the background; a mail says when it is ready (rate-limited)',
    access: 'user',
    responses: { 202: ok(ZPrivacyExport) },
  }),
  link: defineEndpoint({
    method: 'POST',
    path: '/privacy/export/:id/files/:format/link',
    summary:
      'A download link for one file of a ready copy: single use, valid for minutes, only in the session that asked',
    access: 'user',
    params: ZPrivacyExportFileParams,
    responses: { 200: ok(ZPrivacyExportLink) },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/privacy/export/download/:token',
    summary:
      'The file behind a download link (once; the stored copy is emptied as it is sent); 404 for any other session',
    access: 'user',
    params: ZPrivacyExportTokenParams,
    produces: 'application/json, text/html',
    responses: { 200: z.string() },
  }),
};
