// The contract is bundled into the build, so `GET /openapi.json` serves exactly the file this server was built from.
import document from '../../../openapi.json' with { type: 'json' };

export const OPENAPI_JSON: string = JSON.stringify(document);
