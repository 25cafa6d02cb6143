using Sorcha.Transaction.Service.Transactions;
using Sorcha.ServiceDefaults;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();

var app = builder.Build();
app.MapDefaultEndpoints();
app.MapTransactionsApi();
app.Run();
