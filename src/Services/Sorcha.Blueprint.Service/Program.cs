using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();

var app = builder.Build();
app.MapDefaultEndpoints();
app.MapBlueprintsApi();
app.Run();
