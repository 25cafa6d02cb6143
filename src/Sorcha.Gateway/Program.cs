using Sorcha.Gateway.Health;
using Sorcha.Gateway.Identity;
using Sorcha.Gateway.OpenApi;
using Sorcha.Gateway.Proxy;
using Sorcha.Gateway.Testing;
using Sorcha.ServiceDefaults;
using Sorcha.ServiceDefaults.Telemetry;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddProxy();
builder.AddAggregatedHealth();
builder.AddOpenApiDocumentRoutes();
builder.AddTokenEndpoint();

var app = builder.Build();
app.UseOpenApiBrowser();
app.UseServiceDefaults();
app.UseTestSlowdown();
app.MapAggregatedHealth();
app.MapTokenEndpoint();
app.MapProxy();
app.MapOpenApiDocumentRoutes();
app.Run();
