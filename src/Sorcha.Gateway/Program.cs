using Sorcha.Gateway.Health;
using Sorcha.Gateway.Identity;
using Sorcha.Gateway.OpenApi;
using Sorcha.Gateway.Proxy;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddProxy();
builder.AddAggregatedHealth();
builder.AddOpenApiDocumentRoutes();

var app = builder.Build();
app.UseOpenApiBrowser();
app.UseServiceDefaults();
app.MapAggregatedHealth();
app.MapTokenEndpoint();
app.MapProxyRoutes();
app.MapOpenApiDocumentRoutes();
app.Run();
