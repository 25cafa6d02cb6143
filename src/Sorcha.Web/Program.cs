using Sorcha.ServiceDefaults;
using Sorcha.Web.Api;
using Sorcha.Web.Components;
using Sorcha.Web.Identity;
using Sorcha.Web.Security;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddGatewayClients();
builder.AddWebIdentity();
builder.AddWebComponents();

var app = builder.Build();
app.UseServiceDefaults();
app.UseSecurityHeaders();
app.UseWebErrors();
app.UseAuthentication();
app.UseAuthorization();
app.UseAntiforgery();
app.MapDefaultEndpoints();
app.MapIdentityEndpoints();
app.MapAttachmentEndpoint();
app.MapExportEndpoint();
app.MapBlueprintExportEndpoint();
app.MapWebComponents();
app.Run();
