#!/bin/sh
# The API from a shell with an API key from the Developer area.
# Run: CREATORFLOW_API_KEY=sk_test_… sh curl.sh
set -eu
BASE="${CREATORFLOW_URL:-http://localhost:4173}"

# Start a funnel for a creator.
curl -sS --fail-with-body -X POST "$BASE/api/v1/funnels" \
  -H "Authorization: Bearer $CREATORFLOW_API_KEY" \
  -H "Content-Type: application/json" \
  -H "Idempotency-Key: $(date +%s)-funnel" \
  -d '{"creatorId": "SC1", "type": "Product Review"}'
echo

# The creators now in Brief.
curl -sS --fail-with-body "$BASE/api/v1/creators?limit=10&status=Brief" \
  -H "Authorization: Bearer $CREATORFLOW_API_KEY"
echo
