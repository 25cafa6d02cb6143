namespace Sorcha.Register.Service.Sealing;

public static class SealingSetup
{
    public static void AddDocketSealer(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton(TimeProvider.System);
        builder.Services.AddSingleton<RegisterSealer>();
        builder.Services.AddHostedService<DocketSealerService>();
    }
}
