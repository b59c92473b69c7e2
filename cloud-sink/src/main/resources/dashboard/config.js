// Where the dashboard finds the Scale Sense HTTP API. An empty apiBase means "the server that
// served this page" (the demo's LocalApiServer serves both). When the page is deployed as static
// files apart from the API, put the API's base URL here, e.g.
//   apiBase: "https://abc123.execute-api.us-east-1.amazonaws.com"
// (without /v1: the page adds it). docs/dashboard.md, "Deploying the page".
window.SCALE_SENSE = {
  apiBase: ""
};
