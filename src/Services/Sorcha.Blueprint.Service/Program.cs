using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Blueprint.Service.Inbox;
using Sorcha.Blueprint.Service.Instances;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddBlueprintServices();
builder.AddPlatformClients();

var app = builder.Build();
app.UseServiceDefaults();
app.MapDefaultEndpoints();
app.MapBlueprintsApi();
app.MapExecutionApi();
app.MapInstancesApi();
app.MapInboxApi();
app.Run();
