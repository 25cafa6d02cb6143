using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Downstream;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Blueprint.Service.Instances;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddBlueprintServices();
builder.AddDownstreamClients();

var app = builder.Build();
app.MapDefaultEndpoints();
app.MapBlueprintsApi();
app.MapExecutionApi();
app.MapInstancesApi();
app.Run();
