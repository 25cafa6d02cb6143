namespace Sorcha.Register.Service.Indexes;

public static class IndexSetup
{
    public static void AddIndexBackfill(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<IndexBackfill>();
        builder.Services.AddHostedService(sp => sp.GetRequiredService<IndexBackfill>());
    }
}
