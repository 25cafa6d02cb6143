using Sorcha.Register.Service.Dockets;
using Sorcha.Register.Service.Indexes;
using Sorcha.Register.Service.Registers;
using Sorcha.Register.Service.Sealing;
using Sorcha.Register.Service.Stats;
using Sorcha.Register.Service.Storage;
using Sorcha.Register.Service.Transactions;
using Sorcha.Register.Service.Verification;
using Sorcha.Register.Service.Writers;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddRegisterStorage();
builder.AddDocketSealer();
builder.AddIndexBackfill();
builder.Services.AddSingleton<VerifyBudget>();

var app = builder.Build();
app.UseServiceDefaults();
app.MapDefaultEndpoints();
app.MapRegistersApi();
app.MapRegisterTransactionsApi();
app.MapDocketsApi();
app.MapVerificationApi();
app.MapWritersApi();
app.MapRegisterStatsApi();
app.Run();
