using MudBlazor;

namespace Sorcha.Web.Components.Layout;

/// <summary>
/// MudBlazor's theme with colours dark enough (light mode) and light enough (dark mode) for text on them and beside
/// them to meet WCAG AA's 4.5:1: the defaults' info, success and warning blues, greens and oranges do not.
/// </summary>
public static class SorchaTheme
{
    public static readonly MudTheme Theme = new()
    {
        PaletteLight = new PaletteLight
        {
            Primary = "#4527a0",
            Secondary = "#6a1b9a",
            Info = "#0b57a4",
            Success = "#1b5e20",
            Warning = "#7a4100",
            Error = "#b00020",
            AppbarBackground = "#4527a0",
        },
        PaletteDark = new PaletteDark
        {
            Primary = "#b39ddb",
            Info = "#90caf9",
            Success = "#a5d6a7",
            Warning = "#ffcc80",
            Error = "#ef9a9a",
        },
    };
}
