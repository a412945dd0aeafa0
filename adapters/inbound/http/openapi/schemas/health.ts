import { type SchemaMap } from '../types';
import { closedObject, timestamp } from './building';
import { schemaRef } from '../refs';

/** docs/product.md, "Health": the report of GET /health, 200 and 503 alike. */
export const healthSchemas: SchemaMap = {
  HealthCheckResult: { type: 'string', enum: ['ok', 'unavailable'] },
  HealthReport: closedObject({
    description: 'status is ok only when every check is ok; a 503 names the failing check.',
    properties: {
      status: { type: 'string', enum: ['ok', 'unavailable'] },
      time: { ...timestamp, description: 'When the checks ran.' },
      checks: closedObject({
        description: 'One entry per dependency the service needs.',
        properties: {
          database: schemaRef('HealthCheckResult'),
          redis: { ...schemaRef('HealthCheckResult'), description: 'Present when the rate limiter uses Redis.' },
        },
        optional: ['redis'],
      }),
    },
  }),
};
