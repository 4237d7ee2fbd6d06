import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MSG, illFormedTextPath, safeParseInput } from '@partsmall/contract';
import { badRequest } from './http.js';

const HANGUL = /[가-힣]/;

/** Parses a socket payload with a contract schema; a rule break becomes the same 400 as over HTTP. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = safeParseInput(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message && HANGUL.test(issue.message) ? issue.message : MSG.badRequest;
  throw badRequest(message, issue?.path.map(String).join('.') || undefined);
}

/**
 * The HTTP routes' validator: every body, query string and path parameter is checked for
 * ill-formed text (the contract's rule) before its zod schema judges it, in the error shape the
 * error handler reads, so the refusal names the field.
 */
export const wellFormedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = illFormedTextPath(data);
    if (!path) return validate(data);
    const error = [
      {
        keyword: 'custom',
        instancePath: `/${path.join('/')}`,
        schemaPath: '#',
        message: MSG.textInvalid,
        params: { issue: { path } },
      },
    ];
    return { error } as unknown as ReturnType<typeof validate>;
  };
};
