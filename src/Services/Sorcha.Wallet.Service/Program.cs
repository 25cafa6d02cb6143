using Sorcha.Wallet.Service.Wallets;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();

var app = builder.Build();
app.MapDefaultEndpoints();
app.MapWalletsApi();
app.Run();
