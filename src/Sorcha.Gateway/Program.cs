using Sorcha.ApiPlatform;
using Sorcha.Gateway.Health;
using Sorcha.Gateway.Identity;
using Sorcha.Gateway.LinkedData;
using Sorcha.Gateway.OpenApi;
using Sorcha.Gateway.Proxy;
using Sorcha.Gateway.Testing;
using Sorcha.ServiceDefaults.Telemetry;

var builder = WebApplication.CreateBuilder(args);
builder.AddSorchaApiPlatform();
// The gateway measures no stage of its own: the services' Server-Timing headers pass through, and the middleware that
// would add the gateway's (none) is left out of every forwarded request (docs/performance.md, "The gateway's hop").
builder.Services.PostConfigure<TelemetryOptions>(o => o.ServerTiming = false);
builder.AddProxy();
builder.AddProxySpanNames();
builder.AddAggregatedHealth();
builder.AddOpenApiDocumentRoutes();
builder.AddTokenEndpoint();

var app = builder.Build();
app.UseOpenApiBrowser();
app.UseSorchaApiPlatform();
app.UseTestSlowdown();
app.MapAggregatedHealth();
app.MapTokenEndpoint();
app.MapLinkedDataContext();
app.MapProxy();
app.MapOpenApiDocumentRoutes();
app.Run();
