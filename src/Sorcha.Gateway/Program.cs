using Sorcha.Gateway.Health;
using Sorcha.Gateway.Identity;
using Sorcha.Gateway.Proxy;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddProxy();
builder.AddAggregatedHealth();

var app = builder.Build();
app.UseServiceDefaults();
app.MapAggregatedHealth();
app.MapTokenEndpoint();
app.MapProxyRoutes();
app.Run();
