import type { ApolloServerPlugin } from '@apollo/server';

// A GraphQL response whose errors include SERVICE_UNAVAILABLE (the database is down) gets HTTP
// 503, and one with INSUFFICIENT_STORAGE (a full disk) 507, like REST, so load balancers, caches
// and clients see an outage rather than a 200.
export const serviceUnavailableStatus: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const errors = response.body.singleResult.errors ?? [];
        if (errors.some((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')) response.http.status = 503;
        else if (errors.some((error) => error.extensions?.code === 'INSUFFICIENT_STORAGE')) response.http.status = 507;
      },
    };
  },
};
