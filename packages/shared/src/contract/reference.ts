/** The API's own description: the OpenAPI document and its reference page. */
import { z } from 'zod';
import { defineEndpoint } from './define';

export const REFERENCE_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css', 'reference.js'] as const;

export const referenceContract = {
  openApi: defineEndpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document: the OpenAPI 3.1 description of every endpoint, generated from the contract',
    access: 'public',
    responses: {
      200: z.looseObject({
        openapi: z.literal('3.1.0'),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
    },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/reference',
    summary: 'The readable reference of this document (Swagger UI, served by the panel, works offline)',
    access: 'public',
    produces: 'text/html',
    responses: { 200: z.string() },
  }),
  asset: defineEndpoint({
    method: 'GET',
    path: '/reference/:file',
    summary: "The reference page's script and style sheet",
    access: 'public',
    params: z.object({ file: z.enum(REFERENCE_ASSETS) }),
    produces: 'application/javascript',
    responses: { 200: z.string() },
  }),
};
