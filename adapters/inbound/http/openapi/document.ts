export const OPENAPI_DOCUMENT = { openapi: '3.1.0', info: { title: 'Dispatch API', version: '1.0.0' }, paths: {} };
