import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@phoenix/contract';
import { HttpError } from './errors';

/** JSON bodies; an empty body is "no body" (so `POST /users/logout` with a JSON header works). */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, ERROR_CODES.validation, 'The request body is not valid JSON'), undefined);
    }
  });
}
