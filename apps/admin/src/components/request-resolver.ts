import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * A react-hook-form resolver that checks the request a form's values make with the shared schema
 * the server checks it with. A field named by its path in the request (`title.EN`) shows the
 * schema's issue; the form keeps its own values (the request is built again to send it).
 */
export function requestResolver<Values extends FieldValues, Request>(
  request: (values: Values) => Request,
  schema: z.ZodType<unknown, Awaited<Request>>,
): Resolver<Values> {
  return zodResolver(z.custom<Values>().transform(request).pipe(schema), undefined, { raw: true });
}
