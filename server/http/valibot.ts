// Fastify routes typed and checked with valibot: request parts are parsed by the route's
// valibot schema (unknown keys dropped, values trimmed where the schema says so), and a
// response is serialized through its schema, so a field the schema does not declare (a
// password hash, a token hash) can never reach the client.
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { describeIssues } from '../validation';

export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/** A request that failed its schema: 400 with the field named. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const isValibot = (schema: unknown): schema is v.GenericSchema =>
  typeof schema === 'object' && schema !== null && (schema as { kind?: unknown }).kind === 'schema' && '~run' in schema;

export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isValibot(schema)) throw new Error('Route schemas are valibot schemas');
  return (data: unknown) => {
    const result = v.safeParse(schema, data);
    if (result.success) return { value: result.output };
    const problem = describeIssues(result.issues);
    return { error: new RequestValidationError(problem.message, problem.field) };
  };
};

export const valibotSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isValibot(schema)) throw new Error('Response schemas are valibot schemas');
  return (data: unknown) => {
    // v.object drops undeclared keys; a response that does not fit its schema is a bug,
    // and failing loudly beats sending something unchecked.
    const result = v.safeParse(schema, data);
    if (!result.success) throw new Error(`Response does not match its schema: ${describeIssues(result.issues).message}`);
    return JSON.stringify(result.output);
  };
};
